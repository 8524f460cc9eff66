import { describe, expect, it } from 'vitest';
import { actionColumnWidth, INLINE_ACTIONS, PHONE_INLINE_ACTIONS, shownActionsWidth } from './RowActions';

const WAYBILL_ACTIONS = ['详情', '编辑', '派单', '审核', '作废', '删除'];

describe('action column width', () => {
  it('leaves a phone most of its 390 px: two links and the menu', () => {
    const phone = actionColumnWidth(WAYBILL_ACTIONS, PHONE_INLINE_ACTIONS);
    expect(phone).toBeLessThanOrEqual(170);
    expect(phone).toBeLessThan(actionColumnWidth(WAYBILL_ACTIONS, INLINE_ACTIONS));
  });

  it('shows three actions inline rather than two and a menu of one', () => {
    const three = actionColumnWidth(['详情', '审核', '编辑'], PHONE_INLINE_ACTIONS);
    expect(three).toBe(actionColumnWidth(['详情', '审核', '编辑'], INLINE_ACTIONS));
  });
});

describe('action column width on a phone, for the rows shown', () => {
  const pending = ['Details', 'Review', 'Edit', 'Remove from blacklist', 'Delete'];
  const approved = ['Details', 'Edit', 'Remove from blacklist', 'Delete'];

  it('is sized for the links the rows show, not for a long action kept in the menu', () => {
    const shown = shownActionsWidth([pending, approved], PHONE_INLINE_ACTIONS);
    expect(shown).toBeLessThan(actionColumnWidth(pending, PHONE_INLINE_ACTIONS));
    expect(shown).toBeLessThanOrEqual(210);
  });

  it('grows for a row whose long action is one of its first links', () => {
    const long = ['Remove from blacklist', 'Details'];
    expect(shownActionsWidth([approved, long], PHONE_INLINE_ACTIONS)).toBeGreaterThan(
      shownActionsWidth([approved], PHONE_INLINE_ACTIONS),
    );
  });
});
