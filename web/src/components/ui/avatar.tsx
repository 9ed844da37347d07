// The user's avatar (spec §3 avatar_type): a photo, a personality, initials, or anonymous; sizes of
// spec §9 (sm 32, md 40, lg 48, xl 64).
import { BadgeDollarSign, Flame, PiggyBank, Scale, Target, TrendingUp, UserRound } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import {
  AVATAR_SIZES_PX,
  DEFAULT_AVATAR_COLOR,
  PERSONALITY_COLORS,
  avatarInitials,
  type AvatarPersonality,
} from '@domain/avatar.ts';
import { cn } from '../../lib/cn.ts';

export const personalityIcons = {
  saver: PiggyBank,
  investor: TrendingUp,
  goal_crusher: Target,
  debt_crusher: Flame,
  balanced: Scale,
} as const satisfies Record<AvatarPersonality, unknown>;

export interface AvatarLook {
  avatar_type?: string | null;
  avatar_url?: string | null;
  avatar_personality?: AvatarPersonality | null;
  avatar_color?: string | null;
  custom_initials?: string | null;
  full_name?: string | null;
  email?: string | null;
}

export function Avatar({
  look,
  size = 'md',
  className,
}: {
  look: AvatarLook;
  size?: keyof typeof AVATAR_SIZES_PX;
  className?: string;
}) {
  const px = AVATAR_SIZES_PX[size];
  const type = look.avatar_type;
  const color = look.avatar_color ?? DEFAULT_AVATAR_COLOR;
  const base = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold text-white',
    className,
  );
  const style = { width: px, height: px, fontSize: Math.round(px * 0.38) };
  if (type === 'photo' && look.avatar_url) {
    return <img src={look.avatar_url} alt="" className={cn(base, 'object-cover')} style={style} />;
  }
  if (type === 'personality' && look.avatar_personality) {
    const Icon = personalityIcons[look.avatar_personality] ?? BadgeDollarSign;
    return (
      <span
        aria-hidden="true"
        className={base}
        style={{ ...style, backgroundColor: PERSONALITY_COLORS[look.avatar_personality] }}
      >
        <Icon style={{ width: px * 0.55, height: px * 0.55 }} />
      </span>
    );
  }
  if (type === 'initials') {
    return (
      <span aria-hidden="true" className={base} style={{ ...style, backgroundColor: color }}>
        <FittedText
          text={avatarInitials({
            customInitials: look.custom_initials,
            fullName: look.full_name,
            email: look.email,
          })}
          room={px * INITIALS_ROOM}
        />
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={base} style={{ ...style, backgroundColor: color }}>
      <UserRound style={{ width: px * 0.55, height: px * 0.55 }} />
    </span>
  );
}

/** The share of the circle's width initials may take, so even four wide letters keep clear of its edge. */
const INITIALS_ROOM = 0.78;

/**
 * Text shrunk to `room` px wide when its font makes it wider (spec §9 allows 4 typed initials: "WWMM"
 * at a 32 px avatar's font size is wider than the avatar). Measured, since letters' widths depend on
 * the font the device has.
 */
function FittedText({ text, room }: { text: string; room: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    // offsetWidth ignores the transform: this is the text's own width.
    const width = ref.current?.offsetWidth ?? 0;
    setScale(width > room ? room / width : 1);
  }, [text, room]);
  return (
    <span
      ref={ref}
      className="inline-block leading-none whitespace-nowrap"
      style={scale < 1 ? { transform: `scale(${scale})` } : undefined}
    >
      {text}
    </span>
  );
}
