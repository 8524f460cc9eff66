// The props of a dialog or drawer shown for one subject: open while the subject (under its own name) is set.
export type ShownFor<K extends string, T> = { [P in K]: T | null } & { onClose: () => void };
