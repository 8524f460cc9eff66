// A table on a PDF page: columns of relative widths sharing the table's width, one line of text per cell.

export interface PdfColumn {
  title: string;
  /** Relative width: the columns share the table's width in proportion. */
  width: number;
  align?: 'left' | 'right';
}

/** The column titles, and a row drawer: each cell on one line at `y`, inset 3 points within its column. */
export function pdfTable(doc: PDFKit.PDFDocument, columns: PdfColumn[], left: number, width: number) {
  const scale = width / columns.reduce((sum, c) => sum + c.width, 0);
  const row = (cells: string[], y: number, options: PDFKit.Mixins.TextOptions = {}) => {
    let x = left;
    columns.forEach((column, i) => {
      const w = column.width * scale;
      doc.text(cells[i] ?? '', x + 3, y, {
        width: w - 6,
        align: column.align ?? 'left',
        lineBreak: false,
        ...options,
      });
      x += w;
    });
  };
  return { titles: columns.map((c) => c.title), row };
}
