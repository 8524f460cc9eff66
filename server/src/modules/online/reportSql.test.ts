// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${name}` is the report placeholder syntax, not a template.
import { describe, expect, it } from 'vitest';
import { checkParamValue, compileReportSql, quoteIdent, userParamNames } from './reportSql.ts';

describe('compileReportSql', () => {
  it('cuts the SQL at its placeholders, in order, a name used twice appearing twice', () => {
    const c = compileReportSql('select * from t where a = ${x} and (b = ${y} or ${x} is null);');
    expect(c.params).toEqual(['x', 'y', 'x']);
    expect(c.parts).toEqual(['select * from t where a = ', ' and (b = ', ' or ', ' is null)']);
    expect(userParamNames(compileReportSql('select ${sys_tenant_id}, ${a}, ${a}'))).toEqual(['a']);
  });

  it('accepts WITH queries, quoted text and identifiers, E-strings and $ inside identifiers', () => {
    expect(compileReportSql("with x as (select 1) select 'it''s', \"a\"\"b\", e'\\'' from x").params).toEqual(
      [],
    );
    expect(compileReportSql('select a$b from t').params).toEqual([]);
  });

  it.each([
    ['update t set a = 1', '报表SQL必须是一条 SELECT 查询'],
    ['select 1; delete from t', '报表SQL只能是一条查询语句'],
    ['select 1 -- hidden', '报表SQL不能包含注释'],
    ['select 1 /* x */', '报表SQL不能包含注释'],
    ['select $1', '报表SQL中的 $ 只能用于 ${参数}'],
    ['select $$a$$', '报表SQL中的 $ 只能用于 ${参数}'],
    ["select * from t where a like '%${name}%'", '参数 ${name} 不能写在引号内'],
    ["select 'open", '报表SQL中的引号没有闭合'],
    ['select "open', '报表SQL中的双引号没有闭合'],
    ['select ${1x}', '参数名不正确: ${1x}'],
    ['   ', '报表SQL不能为空'],
  ])('refuses %s', (text, message) => {
    expect(() => compileReportSql(text)).toThrow(message);
  });

  it('is not fooled by quotes: a semicolon or comment inside a literal is text', () => {
    expect(compileReportSql("select ';--/*' as x").params).toEqual([]);
    // In an E-string a backslash escapes the quote, so the literal goes on past it.
    expect(() => compileReportSql("select e'\\'; drop table t")).toThrow('报表SQL中的引号没有闭合');
  });
});

describe('checkParamValue and quoteIdent', () => {
  it('checks values by the declared type; empty binds NULL', () => {
    expect(checkParamValue('number', '12.5')).toBeNull();
    expect(checkParamValue('number', '1e9')).toBe('请输入数字');
    expect(checkParamValue('integer', '7')).toBeNull();
    expect(checkParamValue('integer', '7.5')).toBe('请输入整数');
    expect(checkParamValue('date', '2026-02-30x')).toBe('请输入日期 YYYY-MM-DD');
    expect(checkParamValue('date', '2026-02-03')).toBeNull();
    expect(checkParamValue('string', "x' or '1'='1")).toBeNull();
    expect(checkParamValue('string', '')).toBeNull();
    expect(checkParamValue('string', 'x'.repeat(201))).toBe('参数值过长');
  });
  it('doubles embedded double quotes', () => {
    expect(quoteIdent('a"b')).toBe('"a""b"');
  });
});
