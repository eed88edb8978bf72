import { useState } from 'react';
import { isEmojiAvatar } from '../../../shared/avatar';
import { cn } from '../../lib/cn';
import { pictureSrcSet } from '../../lib/images';

type AvatarUser = {
  email?: string | null;
  nickname?: string | null;
  profileImageUrl: string | null;
};

export function avatarInitial(user: AvatarUser): string {
  return (user.email ?? user.nickname ?? '?').charAt(0).toUpperCase() || '?';
}

/** An emoji, else the image, else the first letter of the email when the image is missing or broken. */
export function UserAvatar({
  user,
  label,
  size = 40,
  className,
}: {
  user: AvatarUser;
  /**
   * An emoji avatar's name, translated by the caller (`_('avatar.label')`): the header's chunk
   * holds the translator and imports this one, which importing it back would split off.
   */
  label: string;
  size?: number;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const url = user.profileImageUrl;
  const style = { width: size, height: size, fontSize: size * 0.45 };
  const base = 'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full';
  if (isEmojiAvatar(url)) {
    return (
      <span
        className={cn(base, 'bg-brand-50', className)}
        style={style}
        role="img"
        aria-label={label}
      >
        {url}
      </span>
    );
  }
  if (url && !broken) {
    return (
      <img
        src={url}
        srcSet={pictureSrcSet(url)}
        sizes={`${size}px`}
        width={size}
        height={size}
        alt=""
        decoding="async"
        onError={() => setBroken(true)}
        className={cn(base, 'object-cover', className)}
        style={style}
      />
    );
  }
  return (
    <span
      className={cn(base, 'bg-brand-700 font-semibold text-white', className)}
      style={style}
      aria-hidden
    >
      {avatarInitial(user)}
    </span>
  );
}
