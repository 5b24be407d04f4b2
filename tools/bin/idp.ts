// `npm run idp`: the local OpenID provider on its own (npm start runs it beside the site).
import { readLocalIdpSettings } from '../idp/config';
import { startLocalIdp } from '../idp/server';
import { PortInUseError } from '../dev/ports';

const settings = readLocalIdpSettings(process.env);
startLocalIdp(settings).then(
  () => {
    console.log(`Local identity provider on http://127.0.0.1:${settings.port} (client ${settings.clientId})`);
    console.log(`Sign-in allowed from: ${settings.siteOrigins.join(', ')}`);
  },
  (error: unknown) => {
    if (error instanceof PortInUseError) console.error(error.message);
    else console.error('The local identity provider could not start:', error);
    process.exit(1);
  },
);
