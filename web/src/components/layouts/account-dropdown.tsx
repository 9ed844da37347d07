// spec §2 avatar menu, the Radix part (its own chunk, loaded by app-layout.tsx's light trigger through
// ui/lazy-menu.tsx): e-mail, Personalize, Settings, Help & Support, Daily Wisdom, admin links, light/dark
// toggle, Terms & Policies, Log Out.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import {
  BookOpen,
  FileText,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Moon,
  Palette,
  Settings,
  Shapes,
  Sun,
  User,
  type LucideIcon,
} from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useLogout, useUser } from '../../lib/auth.tsx';
import { useTheme } from '../../lib/theme.ts';
import { getProfileQueryOptions } from '../../lib/user-profile-api.ts';
import type { MenuTrigger } from '../ui/lazy-menu.tsx';

const menuItemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';
const menuContentClasses = 'z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg';

export interface AccountMenuActions {
  onPersonalize: () => void;
  onDailyWisdom: () => void;
}

function MenuLink({
  icon: Icon,
  label,
  onSelect,
}: {
  icon: LucideIcon;
  label: string;
  onSelect: () => void;
}) {
  return (
    <DropdownMenu.Item className={menuItemClasses} onSelect={onSelect}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </DropdownMenu.Item>
  );
}

export function AccountDropdown({ trigger, actions }: { trigger: MenuTrigger; actions: AccountMenuActions }) {
  const user = useUser();
  const navigate = useNavigate();
  const { logout } = useLogout();
  const profile = useQuery(getProfileQueryOptions()).data;
  const { isDark, setTheme } = useTheme();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.Label className="flex items-center gap-2 px-2 py-2 text-xs text-slate-600">
            <User aria-hidden="true" className="size-4" />
            <span className="truncate">{user.email ?? 'Signed in'}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <MenuLink icon={Palette} label="Personalize" onSelect={actions.onPersonalize} />
          <MenuLink
            icon={Settings}
            label="Settings"
            onSelect={() => navigate(paths.app.settings.getHref())}
          />
          <MenuLink
            icon={LifeBuoy}
            label="Help & Support"
            onSelect={() => navigate(paths.app.help.getHref())}
          />
          <MenuLink icon={BookOpen} label="Daily Wisdom" onSelect={actions.onDailyWisdom} />
          {profile?.is_admin ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <MenuLink
                icon={LayoutDashboard}
                label="Admin Dashboard"
                onSelect={() => navigate(paths.admin.dashboard.getHref())}
              />
              <MenuLink
                icon={Shapes}
                label="Category Management"
                onSelect={() => navigate(paths.admin.categories.getHref())}
              />
            </>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <MenuLink
            icon={isDark ? Sun : Moon}
            label={isDark ? 'Light mode' : 'Dark mode'}
            onSelect={() => setTheme(isDark ? 'light' : 'dark')}
          />
          <MenuLink
            icon={FileText}
            label="Terms & Policies"
            onSelect={() => navigate(paths.terms.getHref())}
          />
          <MenuLink icon={LogOut} label="Log Out" onSelect={() => void logout()} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
