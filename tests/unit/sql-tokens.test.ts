import { describe, expect, it } from 'vitest';
import { sqlTokens, statements, withoutParameters } from '../../tools/content-checks/sql';

describe('the SQL scanner of the code-block checks', () => {
  it('cuts quoted text, comments and code apart', () => {
    expect(sqlTokens(`SELECT 'a;b' -- it's\nFROM "t"`)).toEqual([
      { kind: 'code', text: 'SELECT ' },
      { kind: 'quoted', text: "'a;b'" },
      { kind: 'code', text: ' ' },
      { kind: 'comment', text: "-- it's" },
      { kind: 'code', text: '\nFROM ' },
      { kind: 'quoted', text: '"t"' },
    ]);
  });

  it('splits statements at semicolons outside quotes and comments, and at GO lines', () => {
    expect(statements("SELECT ';'; -- a; b\nSELECT `x;y`;\nGO\nSELECT 1")).toEqual([
      "SELECT ';'",
      'SELECT `x;y`',
      'SELECT 1',
    ]);
  });

  it('turns parameters into identifiers only in code', () => {
    expect(withoutParameters("WHERE id = ${row id} AND note = '${kept}' -- ${kept too}")).toBe(
      "WHERE id = veriq_param_row_id AND note = '${kept}' -- ${kept too}",
    );
  });

  it('keeps a quote inside a comment from swallowing the rest', () => {
    expect(withoutParameters("-- don't\nSELECT ${a}")).toBe("-- don't\nSELECT veriq_param_a");
  });
});
