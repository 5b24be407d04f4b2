import React, { type MouseEvent, type ReactNode } from 'react';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type { Props } from '@theme/NavbarItem/DefaultNavbarItem';
import { useGate } from '@site/src/guide-gate/GateProvider';
import { GATED_LINK_ATTRIBUTE } from '@site/src/early-input/guideGateLink';

/**
 * The theme's navbar link; a logged-out click opens the access modal and does nothing else. The
 * attribute lets the early-input script hold a signed-out tap until then (src/early-input).
 */
export default function GatedLink(props: Props): ReactNode {
  const gate = useGate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (gate.block('navbar')) {
      event.preventDefault();
      return;
    }
    props.onClick?.(event);
  };
  const marked = { ...props, [GATED_LINK_ATTRIBUTE]: '' } as Props;
  return <DefaultNavbarItem {...marked} onClick={onClick} />;
}
