import type { ComponentType } from 'react';

import type { AllowedList } from '../lib/session';
import { RequireRole } from './require-role';

/** A lazily loaded page behind the role guard of its route. */
export function guarded(allowed: AllowedList, Page: ComponentType): ComponentType {
  function GuardedPage() {
    return (
      <RequireRole allowed={allowed}>
        <Page />
      </RequireRole>
    );
  }
  GuardedPage.displayName = `Guarded(${Page.displayName ?? Page.name})`;
  return GuardedPage;
}
