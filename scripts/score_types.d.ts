/** Types of the shared scorer's exports used by the evaluation scripts. */
export function key(title: string, article: string): string;
