import type { ComponentType } from 'react';
import type { UIMatch } from 'react-router';

import type { Space } from '../../config/paths';

export type SidebarComponent = ComponentType<{ space: Space; onNavigate: () => void }>;

/** Route `handle` through which an area gives the shell its sidebar. */
export type ShellHandle = { Sidebar?: SidebarComponent };

export function findSidebar(
  matches: UIMatch[],
): { Sidebar: SidebarComponent; space: string | undefined } | null {
  for (const match of matches) {
    const Sidebar = (match.handle as ShellHandle | undefined)?.Sidebar;
    if (Sidebar) return { Sidebar, space: match.params.space };
  }
  return null;
}
