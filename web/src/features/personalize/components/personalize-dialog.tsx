// spec §2 Personalize dialog: 'Personalize Your Profile', the Privacy Mode switch, a large avatar
// preview, four tabs (Anonymous: colour; Initials: custom initials and colour; Personality: five
// styles; Photo: upload) and 'Save & Close' ('Saving...'). spec §4: the type follows the tab picked;
// choosing a personality sets that personality's colour; uploading a photo sets type photo. spec §5
// initials and photo rules come from domain/avatar.ts; spec §9: 200 ms before the dialog closes.
import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import {
  AVATAR_PALETTE,
  DEFAULT_AVATAR_COLOR,
  MAX_CUSTOM_INITIALS,
  PERSONALITY_COLORS,
  PERSONALITY_PICKER,
  checkAvatarFile,
  normalizeCustomInitials,
  type AvatarPersonality,
} from '@domain/avatar.ts';
import { Avatar, personalityIcons } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { PERSONALIZE_CLOSE_DELAY_MS } from '../../../lib/constants.ts';
import { patchProfile, profileQueryKey, type Profile } from '../../../lib/user-profile-api.ts';
import { uploadAvatar } from '../api/upload-avatar.ts';

type Tab = 'anonymous' | 'initials' | 'personality' | 'photo';

const colorNames: Record<string, string> = {
  '#3B82F6': 'Blue',
  '#10B981': 'Green',
  '#F59E0B': 'Amber',
  '#EF4444': 'Red',
  '#8B5CF6': 'Purple',
  '#6B7280': 'Gray',
};

export const personalizeMessages = {
  saveFailed: 'Failed to update avatar',
  uploadFailed: 'Failed to upload avatar. Please try again.',
  saved: 'Profile updated successfully',
} as const;

function ColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">Colour</legend>
      <div className="flex flex-wrap gap-3">
        {AVATAR_PALETTE.map((color) => (
          <label key={color} className="relative cursor-pointer">
            <input
              type="radio"
              name="avatar-color"
              className="peer sr-only"
              checked={value.toUpperCase() === color}
              onChange={() => onChange(color)}
              aria-label={colorNames[color] ?? color}
            />
            <span
              className="flex size-9 items-center justify-center rounded-full ring-offset-2 peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-600"
              style={{ backgroundColor: color }}
            >
              {value.toUpperCase() === color ? (
                <Check aria-hidden="true" className="size-4 text-white" />
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function PersonalizeDialog({
  open,
  onOpenChange,
  profile,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const initialTab: Tab =
    profile.avatar_type === 'initials' ||
    profile.avatar_type === 'personality' ||
    profile.avatar_type === 'photo'
      ? profile.avatar_type
      : 'anonymous';
  const [tab, setTab] = useState<Tab>(initialTab);
  const [color, setColor] = useState(profile.avatar_color ?? DEFAULT_AVATAR_COLOR);
  const [personality, setPersonality] = useState<AvatarPersonality | null>(
    profile.avatar_personality ?? null,
  );
  const [initials, setInitials] = useState(profile.custom_initials ?? '');
  const [privacy, setPrivacy] = useState(profile.privacy_mode);
  const [avatarUrl, setAvatarUrl] = useState(profile.avatar_url ?? null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);

  const look = {
    avatar_type: tab === 'photo' && !avatarUrl ? 'anonymous' : tab,
    avatar_url: avatarUrl,
    avatar_personality: personality,
    avatar_color: color,
    custom_initials: normalizeCustomInitials(initials),
    full_name: profile.full_name ?? null,
    email: profile.email,
  };

  const choosePersonality = (value: AvatarPersonality) => {
    setPersonality(value);
    // spec §4: choosing a personality also sets the colour to that personality's colour.
    setColor(PERSONALITY_COLORS[value]);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setUploading(true);
    try {
      const saved = await uploadAvatar(file);
      queryClient.setQueryData(profileQueryKey, saved);
      setAvatarUrl(saved.avatar_url ?? null);
      setTab('photo');
    } catch (error) {
      console.error('avatar upload failed', error);
      toast.error(personalizeMessages.uploadFailed);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      const type = tab === 'photo' && !avatarUrl ? (profile.avatar_type ?? 'anonymous') : tab;
      const saved = await patchProfile({
        avatar_type: type,
        avatar_color: color,
        avatar_personality: type === 'personality' ? personality : (profile.avatar_personality ?? null),
        custom_initials: normalizeCustomInitials(initials),
        privacy_mode: privacy,
      });
      queryClient.setQueryData(profileQueryKey, saved);
      toast.success(personalizeMessages.saved);
      window.setTimeout(() => onOpenChange(false), PERSONALIZE_CLOSE_DELAY_MS);
    } catch (error) {
      console.error('saving the avatar failed', error);
      toast.error(personalizeMessages.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Personalize Your Profile" className="max-w-lg">
      <div className="space-y-5">
        <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
          <div>
            <label htmlFor={`${ids}-privacy`} className="text-sm font-medium text-slate-900">
              Privacy Mode
            </label>
            <p id={`${ids}-privacy-hint`} className="text-sm text-slate-600">
              Stay anonymous - your profile info stays private
            </p>
          </div>
          <Switch
            id={`${ids}-privacy`}
            checked={privacy}
            onCheckedChange={setPrivacy}
            aria-describedby={`${ids}-privacy-hint`}
          />
        </div>

        <div className="flex justify-center">
          <Avatar look={look} size="xl" />
        </div>

        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          {/* Four tabs do not fit one row of a phone's dialog: two rows of two there. */}
          <TabsList aria-label="Avatar style" className="grid grid-cols-2 sm:flex">
            <TabsTrigger value="anonymous">Anonymous</TabsTrigger>
            <TabsTrigger value="initials">Initials</TabsTrigger>
            <TabsTrigger value="personality">Personality</TabsTrigger>
            <TabsTrigger value="photo">Photo</TabsTrigger>
          </TabsList>
          <TabsContent value="anonymous">
            <ColorPicker value={color} onChange={setColor} />
          </TabsContent>
          <TabsContent value="initials" className="space-y-4">
            <TextField
              label="Custom initials"
              value={initials}
              maxLength={MAX_CUSTOM_INITIALS}
              onChange={(event) =>
                setInitials(event.target.value.toUpperCase().slice(0, MAX_CUSTOM_INITIALS))
              }
              hint={`Up to ${MAX_CUSTOM_INITIALS} letters. Leave empty to use your name.`}
            />
            <ColorPicker value={color} onChange={setColor} />
          </TabsContent>
          <TabsContent value="personality">
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800">Money personality</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {PERSONALITY_PICKER.map((option) => {
                  const Icon = personalityIcons[option.value];
                  const checked = personality === option.value;
                  return (
                    <label
                      key={option.value}
                      className={cn(
                        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border p-3 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                        checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                      )}
                    >
                      <input
                        type="radio"
                        name="personality"
                        className="sr-only"
                        checked={checked}
                        onChange={() => choosePersonality(option.value)}
                      />
                      <span
                        aria-hidden="true"
                        className="flex size-10 items-center justify-center rounded-full text-white"
                        style={{ backgroundColor: option.color }}
                      >
                        <Icon className="size-5" />
                      </span>
                      <span className="text-slate-800">{option.label}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </TabsContent>
          <TabsContent value="photo" className="space-y-3 text-center">
            <input
              ref={fileInput}
              id={`${ids}-file`}
              type="file"
              accept="image/jpeg,image/png,image/gif"
              aria-label="Photo file"
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <Button variant="secondary" isPending={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? 'Uploading...' : avatarUrl ? 'Change Photo' : 'Upload Photo'}
            </Button>
            <p className="text-xs text-slate-600">Max size: 5MB • Formats: JPG, PNG, GIF</p>
          </TabsContent>
        </Tabs>

        {/* Kept in view while the dialog scrolls on a short screen (the personality grid is tall). */}
        <div className="sticky -bottom-5 -mx-5 -mb-5 border-t border-slate-100 bg-white px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
          <Button className="w-full" isPending={saving} disabled={uploading} onClick={() => void save()}>
            {saving ? 'Saving...' : 'Save & Close'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
