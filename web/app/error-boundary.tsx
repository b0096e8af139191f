import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RenderErrorPage } from './render-error';
import { removeStaticFirstPaint } from './static-first-paint';

type Props = { children: ReactNode; compact?: boolean };

class Boundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    removeStaticFirstPaint(); // the error page, not the page that failed, must show
  }

  override render() {
    if (this.state.error) return <RenderErrorPage compact={this.props.compact} />;
    return this.props.children;
  }
}

/**
 * A page that fails to render, or whose code cannot be loaded (e.g. after an update), shows a
 * friendly page instead of a blank screen; moving to another address tries again.
 */
export function RouteErrorBoundary({ children, compact }: Props) {
  const { pathname } = useLocation();
  return (
    <Boundary key={pathname} compact={compact}>
      {children}
    </Boundary>
  );
}
