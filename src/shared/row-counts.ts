/** The table where triggers keep each counted table's rows per tenant (see `EntityModel.countRows`). */
export const ROW_COUNTS_TABLE = 'gatehouse_row_counts';
