package clicks
