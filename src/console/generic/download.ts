/** Saves text as a file the browser downloads (an export, a configuration file). */
export const downloadText = (text: string, type: string, name: string) => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  URL.revokeObjectURL(url);
};
