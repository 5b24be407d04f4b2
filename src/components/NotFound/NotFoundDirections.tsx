import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type { Props } from '@theme/NotFound/Content';

// The not-found page's text (src/theme/NotFound/Content loads it): directions to the site's
// starting points, the installation home, the guides' key concepts and the latest release notes,
// instead of the theme's generic text.
export default function NotFoundDirections({ className }: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>
            There is no page at this address. It may have moved when the documentation was reorganised, or the link that
            brought you here has a typo.
          </p>
          <p>Try one of these starting points, or press the Search button in the top bar:</p>
          <ul className="not-found-links">
            <li>
              <Link to="/">Veriq documentation home</Link>: installation and operations
            </li>
            <li>
              <Link to="/guides/concept">Key concepts</Link>: rules, checks, workflows and schedules
            </li>
            <li>
              <Link to="/releases/2025-03">Latest release notes</Link>: what changed in Veriq 6.5
            </li>
          </ul>
        </div>
      </div>
    </main>
  );
}
