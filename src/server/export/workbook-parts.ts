import { escapeXml } from './cell-text';

/**
 * The fixed parts of the workbook (SpreadsheetML, ECMA-376): a package of one worksheet,
 * with styles for the bold header, the date column and hyperlinks. Written by hand and
 * kept to what Excel, LibreOffice and exceljs need to open the file without a repair.
 */

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const SHEET_PATH = 'xl/worksheets/sheet1.xml';
export const SHEET_RELS_PATH = 'xl/worksheets/_rels/sheet1.xml.rels';
export const HYPERLINK_REL_TYPE = `${REL_NS}/hyperlink`;

/** Indexes into styles.xml's cellXfs, as cells refer to them with `s="…"`. */
export const STYLE = {
  default: 0,
  header: 1,
  date: 2,
  link: 3,
} as const;

export function contentTypesXml(): string {
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return (
    XML_DECLARATION +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/>` +
    `<Override PartName="/${SHEET_PATH}" ContentType="${ct}.worksheet+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${ct}.styles+xml"/>` +
    '</Types>'
  );
}

export function rootRelsXml(): string {
  return (
    XML_DECLARATION +
    `<Relationships xmlns="${PACKAGE_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
    '</Relationships>'
  );
}

export function workbookRelsXml(): string {
  return (
    XML_DECLARATION +
    `<Relationships xmlns="${PACKAGE_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    '</Relationships>'
  );
}

/**
 * The workbook: one sheet, and the hidden name Excel itself keeps for a sheet's filter
 * range (it reads the filter from the sheet either way, but writes and expects both).
 */
export function workbookXml(sheetName: string, filterRange: string): string {
  // In a formula reference a sheet name is quoted with '…', a quote in it doubled.
  const quoted = `'${sheetName.replace(/'/g, "''")}'`;
  return (
    XML_DECLARATION +
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<bookViews><workbookView/></bookViews>' +
    `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
    '<definedNames>' +
    `<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${escapeXml(quoted)}!${filterRange}</definedName>` +
    '</definedNames>' +
    '</workbook>'
  );
}

/**
 * Fonts: 0 default, 1 bold, 2 hyperlink (the blue, underlined look Excel gives a link it
 * creates). Number format 164: the date format. The two fills are the pair Excel requires.
 */
export function stylesXml(dateFormat: string): string {
  const font = (extra: string, color: string): string =>
    `<font>${extra}<sz val="11"/>${color}<name val="Calibri"/><family val="2"/></font>`;
  const xf = (numFmtId: number, fontId: number, apply: string): string =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${apply}/>`;
  return (
    XML_DECLARATION +
    `<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="1"><numFmt numFmtId="164" formatCode="${escapeXml(dateFormat)}"/></numFmts>` +
    '<fonts count="3">' +
    font('', '<color rgb="FF000000"/>') +
    font('<b/>', '<color rgb="FF000000"/>') +
    font('<u/>', '<color rgb="FF0563C1"/>') +
    '</fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
    '<fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="4">' +
    xf(0, 0, '') +
    xf(0, 1, ' applyFont="1"') +
    xf(164, 0, ' applyNumberFormat="1"') +
    xf(0, 2, ' applyFont="1"') +
    '</cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/**
 * The worksheet up to its first row: frozen header pane and column widths. `widths` in
 * characters, one per column.
 */
export function sheetHeadXml(widths: readonly number[]): string {
  const cols = widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
    .join('');
  return (
    XML_DECLARATION +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView tabSelected="1" workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols>` +
    '<sheetData>'
  );
}

/** Standard margins (inches), as Excel writes them; after the hyperlinks. */
export const SHEET_TAIL_XML =
  '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
  '</worksheet>';

export function relsHeadXml(): string {
  return XML_DECLARATION + `<Relationships xmlns="${PACKAGE_REL_NS}">`;
}

export const RELS_TAIL_XML = '</Relationships>';
