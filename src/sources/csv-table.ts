// Reference CSV files read with csv-parse (the library): each record as an object of header name
// to field (csv-parse's `columns: true`: the last field of a repeated name wins), empty lines skipped.
import { parse } from 'csv-parse/sync';

export interface CsvReadOptions {
  /** csv-parse `trim`: whitespace around fields is dropped. */
  trim?: boolean;
  /** csv-parse `bom`: a leading byte order mark is skipped. */
  bom?: boolean;
}

/** The records after the header line; a record shorter or longer than the header is kept (`relax_column_count`). */
export function csvRows(text: string, options: CsvReadOptions = {}): Array<Record<string, string>> {
  return parse(text, {
    columns: true, skip_empty_lines: true, relax_column_count: true, trim: options.trim ?? false, bom: options.bom ?? false,
  }) as Array<Record<string, string>>;
}

/** A field's text trimmed, or null when it is absent or blank. */
export function nonBlank(v: string | undefined): string | null {
  return v !== undefined && v.trim() !== '' ? v.trim() : null;
}
