// A field of two states (on/off, running/stopped, succeeded/failed): chosen among the two, listed as a green tag
// when on and a plain (or coloured) tag when off.
import { Tag } from 'antd';
import { useBilingual } from './text';
import type { Bilingual, ResourceField } from './types';

interface State {
  value: string | number;
  label: Bilingual;
}

function StateTag({ label, color }: { label: Bilingual; color?: string }) {
  const tx = useBilingual();
  return <Tag color={color}>{tx(label)}</Tag>;
}

/** The tags of a two-state field: green when on, plain (or `offColor`) when off. */
export function twoStateTags(on: State, off: State, offColor?: string): NonNullable<ResourceField['render']> {
  return (value) =>
    Number(value) === Number(on.value) ? (
      <StateTag label={on.label} color="green" />
    ) : (
      <StateTag label={off.label} color={offColor} />
    );
}

export function twoStateField({
  on,
  off,
  offColor,
  ...field
}: Omit<ResourceField, 'kind' | 'options' | 'render'> & {
  on: State;
  off: State;
  /** The off tag's colour; plain when left out. */
  offColor?: string;
}): ResourceField {
  return { ...field, kind: 'dict', options: [on, off], render: twoStateTags(on, off, offColor) };
}
