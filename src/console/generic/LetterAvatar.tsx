import { Avatar } from 'antd';
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

/** An image avatar; without an image, or when it fails to load, a letter of `label` on its palette colour. */
export const LetterAvatar = ({ src, label, size = 32 }: { src?: string | undefined; label: string; size?: number }) => {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const fallback = letterAvatar(label);
  if (src && !failed) {
    return (
      <Avatar
        size={size}
        src={src}
        alt={t('avatar.label', { name: label })}
        onError={() => {
          setFailed(true);
          return false;
        }}
      />
    );
  }
  return (
    <Avatar
      size={size}
      style={fallback ? { backgroundColor: fallback.color } : undefined}
      aria-label={t('avatar.label', { name: label })}
    >
      {fallback?.letter ?? '?'}
    </Avatar>
  );
};
