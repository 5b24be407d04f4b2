import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

/** One guides category: its label and its doc ids, the category's intro page first when it has one. */
export interface GuidesCategory {
  label: string;
  items: string[];
}

/** The list form of one sidebar (the config also allows a shorthand object form we do not use). */
export type SidebarItems = Extract<SidebarsConfig[string], unknown[]>;
