import { LANGUAGE_NAMES, LANGUAGES } from '@makazi/domain';
import { SegmentedControl } from '@mantine/core';

import { useT } from '../../lib/i18n';
import { useChooseLanguage } from './use-choose-language';

/** English or Kiswahili, each named in itself; on every page, public ones included. */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, language } = useT();
  const choose = useChooseLanguage();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('common.language')}
      value={language}
      onChange={(value) => void choose(value as (typeof LANGUAGES)[number])}
      data={LANGUAGES.map((value) => ({ value, label: <span lang={value}>{LANGUAGE_NAMES[value]}</span> }))}
    />
  );
}
