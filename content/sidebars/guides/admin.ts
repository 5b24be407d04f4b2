import type { GuidesCategory } from '../types';

const category: GuidesCategory = {
  label: 'Administration',
  items: [
    'guides/admin/intro',
    'guides/admin/accounts',
    'guides/admin/workspaces',
    'guides/admin/user',
    'guides/admin/groups',
    'guides/admin/roles',
    'guides/admin/sso',
    'guides/admin/sso-microsoft-entra',
    'guides/admin/federations',
    'guides/admin/user-provisioning',
    'guides/admin/vault',
    'guides/admin/drivers',
    'guides/admin/fields',
    'guides/admin/configurations-customfields',
    'guides/admin/configurations-customforms',
    'guides/admin/configurations-excludecalendars',
    'guides/admin/configurations-preferences',
    'guides/admin/export-import',
    'guides/admin/integrations-testmanagementtools',
    'guides/admin/email-notifications',
    'guides/admin/slack-notifications',
    'guides/admin/microsoft-teams-notifications',
    'guides/admin/notification-log',
    'guides/admin/audit-log',
  ],
};

export default category;
