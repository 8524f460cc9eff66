// Error boundary around lazy pages: a failed chunk shows a reload prompt, a crash a Result; never blank.
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '../../app/chunkLoad';
import i18n from '../../locales/i18n';
import { ChunkLoadFailed } from './ChunkLoadFailed';
import { StatusPanel } from './StatusPanel';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

export class PageBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkLoadFailed />;
    return (
      <StatusPanel
        status="error"
        title={i18n.t('page.crashed')}
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            {i18n.t('common.retry')}
          </Button>
        }
      />
    );
  }
}
