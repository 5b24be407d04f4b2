import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import DocSidebarLink from './DocSidebarLink';
import GatedLink from './GatedLink';
import AuthNavbarItem from './AuthNavbarItem';
import SearchButton from '@site/src/search/SearchButton';

// The navbar item types config/navbar.ts uses, and nothing else: the theme's map imports every
// type it has (version and locale dropdowns, doc and HTML items), and this map is in main.js, so
// each type here is on every page's first load. `custom-` is the prefix Docusaurus reserves for
// a site's own types. tests/unit/navbar.test.ts fails when the navbar uses a type missing here;
// to use another theme type, import it from `@theme/NavbarItem/<Name>` and add it.
export default {
  default: DefaultNavbarItem,
  docSidebar: DocSidebarLink,
  'custom-gatedLink': GatedLink,
  'custom-search': SearchButton,
  'custom-auth': AuthNavbarItem,
};
