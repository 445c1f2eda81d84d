CREATE TABLE IF NOT EXISTS `quarantine`.`my-table` (
  `id` STRING NOT NULL,
  `start` TIMESTAMP NOT NULL,
  `end` TIMESTAMP,
  `order_total` DECIMAL(18,2) NOT NULL,
  `refund_total` DECIMAL(18,2),
  `discount` DECIMAL(10,2),
  `big_a` DECIMAL(38,10),
  `big_b` DECIMAL(20,5),
  `x` DOUBLE,
  `y` DOUBLE,
  `count` INT,
  `limit` BIGINT,
  `label` STRING,
  `active` BOOLEAN,
  `born` DATE,
  `joined` DATE,
  `span` STRUCT<`from`: TIMESTAMP NOT NULL, `to`: TIMESTAMP NOT NULL>
) USING delta;
