CREATE TABLE IF NOT EXISTS `quarantine`.`my-table` (
  `event_id` STRING NOT NULL COMMENT 'EventID is the producer\'s unique id of the event.',
  `order_id` BIGINT NOT NULL COMMENT 'OrderID identifies the order.',
  `customer_id` BIGINT NOT NULL COMMENT 'CustomerID identifies the customer who placed the order.',
  `order_total` DECIMAL(18,2) NOT NULL COMMENT 'OrderTotal is the order amount in the shop\'s currency.',
  `status` STRING NOT NULL COMMENT 'Status is the payment status of the order.',
  `event_time` TIMESTAMP NOT NULL COMMENT 'EventTime is when the order event happened at the producer (UTC).'
) USING delta
COMMENT 'OrderEvent is one order event as published on the order-events topic.';
