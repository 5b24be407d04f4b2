// The one tslib helper the browser bundle's only tslib user needs: @docusaurus/utils-common's
// CommonJS index calls `__importDefault` (./wiring.ts). Requiring the whole tslib from CommonJS
// kept every helper in main.js (3.4 KiB of its gzip size). tslib 2.9's implementation.
export function __importDefault(mod) {
  return mod && mod.__esModule ? mod : { default: mod };
}
