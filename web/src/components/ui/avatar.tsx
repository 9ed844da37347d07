// The user's avatar (spec §3 avatar_type): a photo, a personality, initials, or anonymous; sizes of
// spec §9 (sm 32, md 40, lg 48, xl 64).
import { BadgeDollarSign, Flame, PiggyBank, Scale, Target, TrendingUp, UserRound } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
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
 * the font the device has: by a ResizeObserver, whose callback runs after the browser's own layout and
 * before it paints, so no frame shows the text too wide and the measurement forces no extra layout (read
 * in a layout effect it laid out the whole half-built page at once, ≈ 20 ms of a throttled phone CPU on
 * a deep link). The scale is set on the element itself, in that same frame.
 */
function FittedText({ text, room }: { text: string; room: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  // Observed from a layout effect, so the first observation comes before the first paint.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      // The layout box, which the transform does not change: the text's own width.
      const width = entry?.borderBoxSize?.[0]?.inlineSize ?? element.offsetWidth;
      element.style.transform = width > room ? `scale(${room / width})` : '';
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [room]);
  return (
    <span ref={ref} className="inline-block leading-none whitespace-nowrap">
      {text}
    </span>
  );
}
