// /settings → Appearance: light, dark, or the device's setting (the same theme the header's toggle sets,
// kept in every tab).
import { useTheme, type Theme } from '../../../lib/theme.ts';
import { cn } from '../../../lib/cn.ts';

const options: Array<{ value: Theme; label: string; hint: string }> = [
  { value: 'system', label: 'Match my device', hint: 'Follows your system’s light or dark setting' },
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
];

export function AppearanceSettings() {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset>
      <legend className="sr-only">Theme</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer flex-col rounded-md border px-3 py-2 text-sm',
              theme === option.value
                ? 'border-brand-600 bg-brand-50'
                : 'border-slate-300 bg-white hover:bg-slate-50',
            )}
          >
            <span className="flex items-center gap-2 font-medium text-slate-900">
              <input
                type="radio"
                name="theme"
                value={option.value}
                checked={theme === option.value}
                onChange={() => setTheme(option.value)}
                className="size-4"
              />
              {option.label}
            </span>
            <span className="mt-0.5 text-slate-600">{option.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
