import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The twelve colours of a letter avatar, picked by the letter's code point. */
export const AVATAR_PALETTE = [
  '#E74C3C',
  '#865300',
  '#FF8B64',
  '#FFC651',
  '#4EA254',
  '#2FA0FD',
  '#02C2E4',
  '#41BEA6',
  '#7958FF',
  '#ED73A3',
  '#DF96FA',
  '#ADAAB4',
] as const;

/** The letter and colour shown for a label: its first character, upper-cased, on the palette colour it picks. */
export const letterAvatar = (label: string | undefined) => {
  const upper = label?.trim().toLocaleUpperCase();
  if (!upper) return undefined;
  const letter = String.fromCodePoint(upper.codePointAt(0) ?? 0);
  return { letter, color: AVATAR_PALETTE[(upper.codePointAt(0) ?? 0) % AVATAR_PALETTE.length] as string };
};

/**
 * An image avatar; without an image, or when it fails to load, a letter of `label` on its palette colour. Plain
 * elements styled by `.gh-avatar`: a list draws one per row, and the component library's avatar measures its text
 * and registers its styles on every render.
 */
export const LetterAvatar = ({ src, label, size = 32 }: { src?: string | undefined; label: string; size?: number }) => {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const name = t('avatar.label', { name: label });
  const box = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (src && !failed) {
    return <img className="gh-avatar" src={src} alt={name} style={box} onError={() => setFailed(true)} />;
  }
  const fallback = letterAvatar(label);
  return (
    <span className="gh-avatar" role="img" aria-label={name} style={{ ...box, backgroundColor: fallback?.color }}>
      <span aria-hidden="true">{fallback?.letter ?? '?'}</span>
    </span>
  );
};
