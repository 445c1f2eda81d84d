CREATE TABLE IF NOT EXISTS `quarantine`.`my-table` (
  `id` STRING NOT NULL,
  `email` STRING,
  `site` STRING,
  `code` STRING NOT NULL,
  `ref` STRING,
  `count32` INT NOT NULL,
  `ratio` DOUBLE,
  `amount` DECIMAL(38,10) NOT NULL,
  `active` BOOLEAN NOT NULL,
  `born` DATE,
  `seen_at` TIMESTAMP NOT NULL,
  `kind` STRING NOT NULL COMMENT 'one of a \'b\' c\\d',
  `address` STRUCT<`street`: STRING NOT NULL, `zip`: STRING, `we'ird.name`: BOOLEAN> COMMENT 'optional nested struct',
  `items` ARRAY<STRUCT<`sku`: STRING, `qty`: INT, `price`: DECIMAL(10,2), `tags`: ARRAY<STRING>>> NOT NULL,
  `matrix` ARRAY<ARRAY<DOUBLE>>,
  `back``tick` STRING,
  `'; DROP TABLE x; --` STRING,
  `new
line $ [0] ☃` STRING,
  `a'b"c.d` STRING
) USING delta
COMMENT 'KitchenSink exercises every rule. It\'s "hostile"; \\ too.'
TBLPROPERTIES ('delta.columnMapping.mode' = 'name', 'delta.minReaderVersion' = '2', 'delta.minWriterVersion' = '5');
