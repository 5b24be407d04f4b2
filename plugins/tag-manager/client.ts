import type { ClientModule } from '@docusaurus/types';
import { runDeferredLoader } from './deferOnCallback';

const clientModule: ClientModule = {
  onRouteDidUpdate({ location }) {
    runDeferredLoader(window, location.pathname);
  },
};

export default clientModule;
