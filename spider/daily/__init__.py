"""Daily deals: the day's winnable deals, results, leaderboards, display names and transfer codes."""
