import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { InstagramIcon, PlatformIcon } from './brand-icons.tsx';

describe('InstagramIcon', () => {
  it('gives each icon on a page its own gradient, and fills each with its own', () => {
    const { container } = render(
      <div>
        <InstagramIcon />
        <PlatformIcon platform="instagram" />
        <div hidden>
          <InstagramIcon />
        </div>
      </div>,
    );
    const icons = [...container.querySelectorAll('svg')];
    expect(icons).toHaveLength(3);
    const ids = icons.map((svg) => svg.querySelector('linearGradient')!.id);
    expect(new Set(ids).size).toBe(3);
    // Every id on the page is unique, so no icon depends on another (a hidden one included).
    for (const id of ids) expect(container.querySelectorAll(`[id="${id}"]`)).toHaveLength(1);
    icons.forEach((svg, i) => {
      expect(svg.querySelector('rect')!.getAttribute('fill')).toBe(`url(#${ids[i]})`);
    });
  });
});
