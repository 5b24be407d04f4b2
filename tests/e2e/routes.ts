// The route inventory: every documentation route the site serves, one list per section.
// Each content change adds its routes to its section's file; the e2e suite loads every one.
import install from './routes/install';
import archived from './routes/archived';
import concept from './routes/concept';
import tutorial from './routes/tutorial';
import dataTesting from './routes/data-testing';
import connections from './routes/connections';
import admin from './routes/admin';
import useCases from './routes/use-cases';
import utilities from './routes/utilities';
import knowledgeBase from './routes/knowledge-base';
import releases from './routes/releases';
import restricted from './routes/restricted';

export const sections = {
  install,
  archived,
  concept,
  tutorial,
  dataTesting,
  connections,
  admin,
  useCases,
  utilities,
  knowledgeBase,
  releases,
  restricted,
} as const;

export const routes: readonly string[] = Object.values(sections).flat();
