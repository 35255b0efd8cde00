import { describe, expect, it } from 'vitest';
import { createSectionFocus } from './section-focus';

describe('section focus shared by the Timeline and the Context tab', () => {
  it('selecting keeps the detail pane open or closed unless told; clearing closes it', () => {
    const focus = createSectionFocus();
    focus.getState().select('rules', true);
    focus.getState().select('session');
    expect(focus.getState()).toMatchObject({ selected: 'session', open: true });
    focus.getState().select(null);
    expect(focus.getState()).toMatchObject({ selected: null, open: false });
  });

  it('each "show in Context" is a new request; the Context tab clears only the one it handled', () => {
    const focus = createSectionFocus();
    focus.getState().revealInContext('persona');
    const first = focus.getState().reveal;
    focus.getState().revealInContext('persona');
    const second = focus.getState().reveal;
    expect(second?.seq).toBe((first?.seq ?? 0) + 1);
    focus.getState().clearReveal(first?.seq ?? -1);
    expect(focus.getState().reveal).toEqual(second);
    focus.getState().clearReveal(second?.seq ?? -1);
    expect(focus.getState()).toMatchObject({ reveal: null, selected: 'persona' });
  });
});
