`event_id` STRING NOT NULL, `order_id` BIGINT NOT NULL, `customer_id` BIGINT NOT NULL, `order_total` DECIMAL(18,2) NOT NULL, `status` STRING NOT NULL, `event_time` TIMESTAMP NOT NULL
