import { formatMoneyInput } from '@makazi/domain';
import { TextInput, type TextInputProps } from '@mantine/core';

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (formatted: string) => void;
};

/**
 * A Ksh amount, formatted as it is typed (docs/validation.md#money-input): digits and one point,
 * at most two decimals, thousands separators. Forms send stripMoneyInput(value).
 */
export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection="Ksh"
      leftSectionWidth={44}
      {...props}
      value={value}
      onChange={(event) => onChange(formatMoneyInput(event.currentTarget.value))}
    />
  );
}
