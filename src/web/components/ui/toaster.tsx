import { CheckCircle2, X } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

const TOAST_DURATION_MS = 4000;
/** A toast with an action (Undo) waits longer: time to read it and reach its button. */
export const TOAST_WITH_ACTION_MS = 10_000;

/** A button inside the toast; pressing it runs `onAction` and dismisses the toast. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastOptions {
  action?: ToastAction;
}

/** Shows a toast; answers a function that dismisses it (a later Undo elsewhere, say). */
export type ShowToast = (message: string, options?: ToastOptions) => () => void;

interface Toast {
  id: number;
  message: string;
  action?: ToastAction;
}

const ToastContext = createContext<ShowToast | null>(null);

/**
 * DESIGN.md: success messages are toasts with role "status". One may offer an action (the
 * Pipeline's Undo): it stays longer, and not while the pointer or the focus is on it (WCAG 2.2.1).
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  );
  const show = useCallback<ShowToast>(
    (message, options = {}) => {
      const id = nextId.current++;
      setToasts((all) => [...all, { id, message, ...options }]);
      return () => dismiss(id);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed right-4 bottom-4 left-4 z-50 flex flex-col gap-2 sm:left-auto sm:w-80">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const paused = held.pointer || held.focus;
  const { id, action } = toast;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(
      () => onDismiss(id),
      action ? TOAST_WITH_ACTION_MS : TOAST_DURATION_MS,
    );
    return () => clearTimeout(timer);
  }, [paused, id, action, onDismiss]);

  return (
    <div
      role="status"
      onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
      }}
      className="pointer-events-auto flex items-start gap-3 rounded-lg border border-success-line bg-surface px-4 py-3 text-sm text-fg shadow-lg"
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success-fg" aria-hidden="true" />
      <span className="flex-1">{toast.message}</span>
      {action ? (
        <button
          type="button"
          onClick={() => {
            action.onAction();
            onDismiss(id);
          }}
          className="-my-1 rounded px-2 py-1 font-semibold text-accent-fg hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus"
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => onDismiss(id)}
        className="text-fg-subtle hover:text-fg-soft"
        aria-label="Dismiss"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <Toaster>');
  return show;
}
