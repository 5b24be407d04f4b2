import React, { type MouseEvent, type ReactNode } from 'react';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type { Props } from '@theme/NavbarItem/DefaultNavbarItem';
import { useGate } from '@site/src/access/GateProvider';

/** The theme's navbar link; a logged-out click opens the access modal and does nothing else. */
export default function GatedLink(props: Props): ReactNode {
  const gate = useGate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (gate.block('navbar')) {
      event.preventDefault();
      return;
    }
    props.onClick?.(event);
  };
  return <DefaultNavbarItem {...props} onClick={onClick} />;
}
