import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import GatedLink from './GatedLink';
import AuthNavbarItem from './AuthNavbarItem';
import SearchButton from '@site/src/search/SearchButton';

// Adds our custom navbar item types to the theme's own; `custom-` is the prefix Docusaurus
// reserves for them (config/navbar.ts uses these names).
export default {
  ...ComponentTypes,
  'custom-gatedLink': GatedLink,
  'custom-search': SearchButton,
  'custom-auth': AuthNavbarItem,
};
