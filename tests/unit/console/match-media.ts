/** jsdom has no `matchMedia`, which antd's responsive pieces ask for: a stub that matches no media query. */
export const stubMatchMedia = () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
};
