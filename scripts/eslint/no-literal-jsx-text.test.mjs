import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';

import plugin from './no-literal-jsx-text.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-literal-jsx-text', plugin.rules['no-literal-jsx-text'], {
  valid: [
    { code: "const a = <Text>{t('signIn.title')}</Text>;" },
    { code: 'const a = <TextInput label={t(\'signIn.email\')} type="email" autoComplete="username" />;' },
    { code: 'const a = <Text>{amount} · {count}: -</Text>;' },
    { code: 'const a = <Button variant="light" color="teal">{label}</Button>;' },
  ],
  invalid: [
    { code: 'const a = <Text>Log in</Text>;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <TextInput label="Email" />;', errors: [{ messageId: 'literal' }] },
    { code: "const a = <Text>{'Loading'}</Text>;", errors: [{ messageId: 'literal' }] },
    { code: 'const a = <Badge aria-label={`User ${n}`} />;', errors: [{ messageId: 'literal' }] },
    { code: "const a = <Text>{ok ? t('x') : 'Failed'}</Text>;", errors: [{ messageId: 'literal' }] },
  ],
});
