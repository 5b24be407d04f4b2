import type { Plugin, PluginModule } from '@docusaurus/types';
import { gateHeadScript, type GateHeadScriptOptions } from './headScript';

export type AccessGateOptions = GateHeadScriptOptions;

/** Injects the gate's pre-paint head script into every page (see headScript.ts). */
export default function accessGatePlugin(options: AccessGateOptions): PluginModule {
  const script = gateHeadScript(options);
  return (): Plugin => ({
    name: 'veriq-access-gate',
    injectHtmlTags() {
      if (!script) return {};
      return { headTags: [{ tagName: 'script', innerHTML: script }] };
    },
  });
}
