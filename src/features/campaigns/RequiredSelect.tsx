// An antd Select that takes part in the browser's own required-field check (antd's Select has no native control).
import { useRef, type Ref } from 'react';
import { Select, type RefSelectProps, type SelectProps } from 'antd';

/**
 * How the campaign form gets "the browser's own checking, no custom messages":
 * the form is a real <form> without `novalidate`, so pressing submit makes the browser validate every
 * native control before the submit event (and antd's onFinish) can fire. Inputs, the text area, the date
 * pickers' inputs and the radio buttons carry a real `required` attribute. antd's Select renders no
 * native control holding its value, so this component adds a visually hidden native <select required>
 * that mirrors whether a value is chosen: empty → the browser blocks the submit and shows its own
 * "Please select an item in the list" bubble under the field; clicking into the bubble's field works as
 * usual. The mirror is aria-hidden and out of the tab order (the visible Select is announced as required
 * through aria-required); when the browser focuses it to show the bubble, focus moves on to the Select.
 */
export function RequiredSelect<V>({ ref, ...props }: SelectProps<V> & { ref?: Ref<RefSelectProps> }) {
  const selectRef = useRef<RefSelectProps | null>(null);
  // Form.Item passes its own ref (React 19 hands it over as a prop); both it and the mirror need the Select.
  const setSelect = (instance: RefSelectProps | null) => {
    selectRef.current = instance;
    if (typeof ref === 'function') ref(instance);
    else if (ref) (ref as { current: RefSelectProps | null }).current = instance;
  };
  const { value } = props;
  const filled = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '';
  return (
    <div className="sw-required-field">
      <Select<V> aria-required {...props} ref={setSelect} />
      <select
        className="sw-required-mirror"
        required
        value={filled ? 'chosen' : ''}
        // Controlled by the Select above; the browser never changes it (it is hidden and not tabbable).
        onChange={() => undefined}
        onFocus={() => selectRef.current?.focus()}
        tabIndex={-1}
        aria-hidden
        data-testid="required-mirror"
      >
        <option value="" />
        <option value="chosen" />
      </select>
    </div>
  );
}
