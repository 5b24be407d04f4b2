import React, { useMemo, type ReactNode } from 'react';
import DocItem from '@theme-original/DocItem';
import type { Props } from '@theme/DocItem';
import GuideArticle, { type GuideArticleModule } from '@site/src/guide-gate/GuideArticle';

type Content = Props['content'] & { __guideArticle?: GuideArticleModule };

/**
 * Guides: the route module holds only the title, front matter and headings, and loads the article
 * from a chunk of its own (plugins/guide-gate). This wrapper renders that article through
 * GuideArticle; every other doc is passed through untouched.
 */
export default function DocItemWrapper(props: Props): ReactNode {
  const original = props.content as Content;
  const article = original.__guideArticle;
  const content = useMemo(() => {
    if (!article) return original;
    const GuideContent = () => <GuideArticle article={article} />;
    return Object.assign(GuideContent, {
      metadata: original.metadata,
      frontMatter: original.frontMatter,
      toc: original.toc,
      contentTitle: original.contentTitle,
      assets: original.assets,
    });
  }, [original, article]);
  return <DocItem {...props} content={content} />;
}
