import React, { type ReactNode } from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import PageHeader from '@site/src/reader/PageHeader';

// The page actions (Copy page, View as Markdown) sit beside the breadcrumbs, at the top of every
// doc page; see src/reader/PageHeader.
export default function DocBreadcrumbsWrapper(): ReactNode {
  return (
    <PageHeader>
      <DocBreadcrumbs />
    </PageHeader>
  );
}
