// The index plugins/error-messages writes with createData() (.docusaurus/<plugin>/default/).
declare module '@generated/veriq-error-messages/default/error-messages.json' {
  import type { ErrorMessagesData } from '@site/shared/errorMessages';
  const data: ErrorMessagesData;
  export default data;
}
