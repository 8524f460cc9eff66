import type { PermissionEntry } from '@freight/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePermissions } from '../../stores/permissions';
import { stubAntdBrowserApis } from '../../test/jsdomStubs';
import { EditableTable } from './EditableTable';

const entry = (action: string): PermissionEntry => ({ action, describe: action, type: '1', status: '1' });

function renderTable() {
  return render(
    <App>
      <EditableTable
        authPre="order:"
        columns={[{ key: 'name', title: '名称', width: 120 }]}
        dataSource={[{ id: 'a', name: 'x' }]}
      />
    </App>,
  );
}

beforeAll(stubAntdBrowserApis);

describe('EditableTable toolbar', () => {
  afterEach(() => {
    cleanup();
    usePermissions.getState().clear();
  });

  it('shows add and remove when no code under the prefix is configured', () => {
    renderTable();
    expect(screen.queryByTestId('et-add')).not.toBeNull();
    expect(screen.queryByTestId('et-remove')).not.toBeNull();
  });

  it('hides remove when batch_delete is configured but not held, and add when add is not held', () => {
    usePermissions.setState({
      allAuth: [entry('order:add'), entry('order:batch_delete')],
      auth: [entry('order:add')],
    });
    const { unmount } = renderTable();
    expect(screen.queryByTestId('et-add')).not.toBeNull();
    expect(screen.queryByTestId('et-remove')).toBeNull();
    unmount();
    usePermissions.setState({ auth: [entry('order:batch_delete')] });
    renderTable();
    expect(screen.queryByTestId('et-add')).toBeNull();
    expect(screen.queryByTestId('et-remove')).not.toBeNull();
  });
});
