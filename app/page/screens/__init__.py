"""Screens of the page: home, table, online room."""
