import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { HackathonImage } from './hackathon-image';

const placeholder = (category: string) => {
  const { container, unmount } = renderWithProviders(
    <HackathonImage image={null} category={category} title="T" height={120} />,
  );
  const el = container.querySelector<HTMLElement>('[data-placeholder]')!;
  const out = {
    // The category's colours reach the stylesheet's gradient as variables.
    background: `${el.style.getPropertyValue('--from')} ${el.style.getPropertyValue('--to')}`,
    icon: el.querySelector('svg')!.getAttribute('class'),
    text: el.textContent,
  };
  unmount();
  return out;
};

describe('HackathonImage', () => {
  it('gives cards without an image a placeholder per category, naming the category', () => {
    const ai = placeholder('AI/ML');
    const fintech = placeholder('Fintech');
    const edtech = placeholder('Edtech');
    expect(ai.text).toBe('AI/ML');
    expect(new Set([ai.background, fintech.background, edtech.background]).size).toBe(3);
    expect(new Set([ai.icon, fintech.icon, edtech.icon]).size).toBe(3);
    // An unknown category still gets one.
    expect(placeholder('Something new').text).toBe('Something new');
  });

  it('shows the image when there is one', () => {
    const { container } = renderWithProviders(
      <HackathonImage image="/uploads/a.png" category="IoT" title="Sensors" height={120} />,
    );
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('Sensors');
    expect(container.querySelector('[data-placeholder]')).toBeNull();
  });
});
