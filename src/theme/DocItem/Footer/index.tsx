import React, { type ReactNode } from 'react';
import DocItemFooter from '@theme-original/DocItem/Footer';
import FeedbackSlot from '@site/src/reader/FeedbackSlot';

// "Was this page helpful?" follows the theme's footer (last updated) at the end of each doc page.
export default function DocItemFooterWrapper(): ReactNode {
  return (
    <>
      <DocItemFooter />
      <FeedbackSlot />
    </>
  );
}
