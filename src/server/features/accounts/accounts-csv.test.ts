import { expect, test } from 'vitest';
import { accountsCsv, csvCell, csvRecord } from './accounts-csv';

test('cells are quoted as RFC 4180 says, only when they need it', () => {
  expect(csvCell('plain')).toBe('plain');
  expect(csvCell(12)).toBe('12');
  expect(csvCell(false)).toBe('false');
  expect(csvCell('a,b')).toBe('"a,b"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvRecord(['a', 1, true])).toBe('a,1,true\r\n');
});

test('a cell a spreadsheet would run as a formula starts with a single quote', () => {
  expect(csvCell('=1+1')).toBe("'=1+1");
  expect(csvCell('+1')).toBe("'+1");
  expect(csvCell('-1')).toBe("'-1");
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  expect(csvCell('\tx')).toBe("'\tx");
  expect(csvCell('\rx')).toBe('"\'\rx"');
  expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
  expect(csvCell('a=b')).toBe('a=b');
});

test('the file is the header, then each batch of accounts in order', async () => {
  async function* batches() {
    yield [
      {
        id: 'u1',
        email: 'a@example.com',
        username: 'Ada',
        adminRank: 10,
        earlyUser: true,
        emailVerified: true,
        disabled: false,
        createdAt: '2026-11-25T10:00:00.000Z',
      },
    ];
  }
  const chunks: string[] = [];
  for await (const chunk of accountsCsv(batches())) chunks.push(chunk);
  expect(chunks.join('')).toBe(
    'id,email,username,adminRank,earlyUser,emailVerified,disabled,createdAt\r\n' +
      'u1,a@example.com,Ada,10,true,true,false,2026-11-25T10:00:00.000Z\r\n',
  );
});
